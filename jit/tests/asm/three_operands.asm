function main (asm, 247 bytes)
    00000  jmp 0000000000000047h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 5: add
    00013  lea r8,[rsi+rdi]
; line 6: mul
    00018  imul r9,rsi,7
; line 7: sub
    0001f  mov rax,rdi
    00022  sub rax,2
    00026  mov [rbp-8],rax
; line 8: add
    0002a  add r8,r9
; line 9: add
    0002d  add r8,[rbp-8]
; line 10: add
    00034  add rsi,r8
; line 11: add
    00037  add rsi,rdi
; line 12: ret
    0003a  mov rax,rsi
    0003d  mov rsp,rbp
    00040  pop rbp
    00041  ret
; unwind to the entry from the interpreter
    00042  mov rsp,[r15+28h]
    00046  ret
; external entry (from the interpreter)
    00047  push rbp
    00048  mov rbp,rsp
    0004b  push rbx
    0004c  push r12
    0004e  push r13
    00050  push r14
    00052  push r15
    00054  mov r15,ADDR
    0005e  mov [r15+30h],rdi
    00065  push qword ptr [r15+28h]
    0006c  mov r14,8
    00076  mov r13,[r15+10h]
    0007d  sub r13,[r15]
    00084  lea rax,[0D0h]
    0008b  push rax
    0008c  mov [r15+28h],rsp
    00093  sub rsp,8
    00097  mov rdx,rsi
    0009a  sub rsp,10h
    000a1  mov rsi,[rdx]
    000a8  mov rdi,[rdx+8]
    000af  call 8
    000b4  xor edx,edx
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret
    000d0  lea rbp,[rsp+30h]
    000d8  mov edx,1
    000dd  lea rsp,[rbp-30h]
    000e4  pop rcx
    000e5  mov [r15+28h],rcx
    000ec  pop r15
    000ee  pop r14
    000f0  pop r13
    000f2  pop r12
    000f4  pop rbx
    000f5  pop rbp
    000f6  ret

