function main (asm, 266 bytes)
    00000  jmp 0000000000000061h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    0000f  cmp rax,rsi
    00012  jge 0000000000000051h
    00018  push rbp
    00019  mov rbp,rsp
    0001c  sub rsp,0
    00023  mov rdi,rsi
    00026  mov esi,0
; line 8: jge
    0002c  cmp rsi,rdi
    0002f  jge 0000000000000049h
    00035  nop [rax+rax]
    0003e  xchg ax,ax
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; return before the frame
    00051  mov rax,0
    00058  ret
; unwind to the entry from the interpreter
    00059  mov rsp,[r15+28h]
    00060  ret
; external entry (from the interpreter)
    00061  push rbp
    00062  mov rbp,rsp
    00065  push rbx
    00066  push r12
    00068  push r13
    0006a  push r14
    0006c  push r15
    0006e  mov r15,ADDR
    00078  mov [r15+30h],rdi
    0007f  push qword ptr [r15+28h]
    00086  mov r14,8
    00090  mov r13,[r15+10h]
    00097  sub r13,[r15]
    0009e  lea rax,[0E3h]
    000a5  push rax
    000a6  mov [r15+28h],rsp
    000ad  sub rsp,8
    000b1  mov rdx,rsi
    000b4  sub rsp,10h
    000bb  mov rsi,[rdx]
    000c2  call 8
    000c7  xor edx,edx
    000c9  lea rsp,[rbp-30h]
    000d0  pop rcx
    000d1  mov [r15+28h],rcx
    000d8  pop r15
    000da  pop r14
    000dc  pop r13
    000de  pop r12
    000e0  pop rbx
    000e1  pop rbp
    000e2  ret
    000e3  lea rbp,[rsp+30h]
    000eb  mov edx,1
    000f0  lea rsp,[rbp-30h]
    000f7  pop rcx
    000f8  mov [r15+28h],rcx
    000ff  pop r15
    00101  pop r14
    00103  pop r13
    00105  pop r12
    00107  pop rbx
    00108  pop rbp
    00109  ret

