function main (asm, 234 bytes)
    00000  jmp 000000000000003Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  jl 0000000000000027h
; line 6: ret
    0001c  mov eax,0
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; line 8: ret
    00027  mov eax,1
    0002d  mov rsp,rbp
    00030  pop rbp
    00031  ret
; unwind to the entry from the interpreter
    00032  mov rsp,[r15+28h]
    00039  ret
; external entry (from the interpreter)
    0003a  push rbp
    0003b  mov rbp,rsp
    0003e  push rbx
    0003f  push r12
    00041  push r13
    00043  push r14
    00045  push r15
    00047  mov r15,ADDR
    00051  mov [r15+30h],rdi
    00058  push qword ptr [r15+28h]
    0005f  mov r14,8
    00069  mov r13,[r15+10h]
    00070  sub r13,[r15]
    00077  lea rax,[0C3h]
    0007e  push rax
    0007f  mov [r15+28h],rsp
    00086  sub rsp,8
    0008a  mov rdx,rsi
    0008d  sub rsp,10h
    00094  mov rsi,[rdx]
    0009b  mov rdi,[rdx+8]
    000a2  call 8
    000a7  xor edx,edx
    000a9  lea rsp,[rbp-30h]
    000b0  pop rcx
    000b1  mov [r15+28h],rcx
    000b8  pop r15
    000ba  pop r14
    000bc  pop r13
    000be  pop r12
    000c0  pop rbx
    000c1  pop rbp
    000c2  ret
    000c3  lea rbp,[rsp+30h]
    000cb  mov edx,1
    000d0  lea rsp,[rbp-30h]
    000d7  pop rcx
    000d8  mov [r15+28h],rcx
    000df  pop r15
    000e1  pop r14
    000e3  pop r13
    000e5  pop r12
    000e7  pop rbx
    000e8  pop rbp
    000e9  ret

