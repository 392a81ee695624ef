function main (asm, 268 bytes)
    00000  jmp 0000000000000067h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  test rsi,rsi
    0000b  je 0000000000000054h
    00011  push rbp
    00012  mov rbp,rsp
    00015  sub rsp,0
    0001c  mov edi,0
; line 6: jz
    00022  test rsi,rsi
    00025  je 000000000000004Ch
    0002b  nop [rax+rax]
    00034  nop [rax+rax]
    0003d  nop [rax]
; line 7: add
    00040  add rdi,rsi
; line 8: sub
    00043  sub rsi,1
; line 9: jmp
; line 6: jz
    00047  test rsi,rsi
    0004a  jne 0000000000000040h
; line 11: ret
    0004c  mov rax,rdi
    0004f  mov rsp,rbp
    00052  pop rbp
    00053  ret
; return before the frame
    00054  mov rax,0
    0005e  ret
; unwind to the entry from the interpreter
    0005f  mov rsp,[r15+28h]
    00066  ret
; external entry (from the interpreter)
    00067  push rbp
    00068  mov rbp,rsp
    0006b  push rbx
    0006c  push r12
    0006e  push r13
    00070  push r14
    00072  push r15
    00074  mov r12,rdi
    00077  mov r15,ADDR
    00081  push qword ptr [r15+28h]
    00088  mov r14,8
    00092  mov r13,[r15+10h]
    00099  sub r13,[r15]
    000a0  lea rax,[0E5h]
    000a7  push rax
    000a8  mov [r15+28h],rsp
    000af  sub rsp,8
    000b3  mov rdx,rsi
    000b6  sub rsp,10h
    000bd  mov rsi,[rdx]
    000c4  call 8
    000c9  xor edx,edx
    000cb  lea rsp,[rbp-30h]
    000d2  pop rcx
    000d3  mov [r15+28h],rcx
    000da  pop r15
    000dc  pop r14
    000de  pop r13
    000e0  pop r12
    000e2  pop rbx
    000e3  pop rbp
    000e4  ret
    000e5  lea rbp,[rsp+30h]
    000ed  mov edx,1
    000f2  lea rsp,[rbp-30h]
    000f9  pop rcx
    000fa  mov [r15+28h],rcx
    00101  pop r15
    00103  pop r14
    00105  pop r13
    00107  pop r12
    00109  pop rbx
    0010a  pop rbp
    0010b  ret

