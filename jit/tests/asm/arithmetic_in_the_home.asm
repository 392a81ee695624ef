function main (asm, 269 bytes)
    00000  jmp 0000000000000064h
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
    0005b  ret
; unwind to the entry from the interpreter
    0005c  mov rsp,[r15+28h]
    00063  ret
; external entry (from the interpreter)
    00064  push rbp
    00065  mov rbp,rsp
    00068  push rbx
    00069  push r12
    0006b  push r13
    0006d  push r14
    0006f  push r15
    00071  mov r15,ADDR
    0007b  mov [r15+30h],rdi
    00082  push qword ptr [r15+28h]
    00089  mov r14,8
    00093  mov r13,[r15+10h]
    0009a  sub r13,[r15]
    000a1  lea rax,[0E6h]
    000a8  push rax
    000a9  mov [r15+28h],rsp
    000b0  sub rsp,8
    000b4  mov rdx,rsi
    000b7  sub rsp,10h
    000be  mov rsi,[rdx]
    000c5  call 8
    000ca  xor edx,edx
    000cc  lea rsp,[rbp-30h]
    000d3  pop rcx
    000d4  mov [r15+28h],rcx
    000db  pop r15
    000dd  pop r14
    000df  pop r13
    000e1  pop r12
    000e3  pop rbx
    000e4  pop rbp
    000e5  ret
    000e6  lea rbp,[rsp+30h]
    000ee  mov edx,1
    000f3  lea rsp,[rbp-30h]
    000fa  pop rcx
    000fb  mov [r15+28h],rcx
    00102  pop r15
    00104  pop r14
    00106  pop r13
    00108  pop r12
    0010a  pop rbx
    0010b  pop rbp
    0010c  ret

