function main (baseline asm, 242 bytes)
    00000  jmp 0000000000000049h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  mov [rbp-8],rsi
; line 5: add
    00017  mov rax,[rbp-8]
    0001b  add rax,5
    0001f  mov [rbp-8],rax
; line 6: jlt
    00023  mov rax,[rbp-8]
    00027  cmp rax,64h
    0002e  jl 000000000000003Dh
; line 7: ret
    00034  mov rax,[rbp-8]
    00038  mov rsp,rbp
    0003b  pop rbp
    0003c  ret
; line 9: ret
    0003d  xor eax,eax
    0003f  mov rsp,rbp
    00042  pop rbp
    00043  ret
; unwind to the entry from the interpreter
    00044  mov rsp,[r15+28h]
    00048  ret
; external entry (from the interpreter)
    00049  push rbp
    0004a  mov rbp,rsp
    0004d  push rbx
    0004e  push r12
    00050  push r13
    00052  push r14
    00054  push r15
    00056  mov r15,ADDR
    00060  mov [r15+30h],rdi
    00067  push qword ptr [r15+28h]
    0006e  mov r14,8
    00078  mov r13,[r15+10h]
    0007f  sub r13,[r15]
    00086  lea rax,[0CBh]
    0008d  push rax
    0008e  mov [r15+28h],rsp
    00095  sub rsp,8
    00099  mov rdx,rsi
    0009c  sub rsp,10h
    000a3  mov rsi,[rdx]
    000aa  call 8
    000af  xor edx,edx
    000b1  lea rsp,[rbp-30h]
    000b8  pop rcx
    000b9  mov [r15+28h],rcx
    000c0  pop r15
    000c2  pop r14
    000c4  pop r13
    000c6  pop r12
    000c8  pop rbx
    000c9  pop rbp
    000ca  ret
    000cb  lea rbp,[rsp+30h]
    000d3  mov edx,1
    000d8  lea rsp,[rbp-30h]
    000df  pop rcx
    000e0  mov [r15+28h],rcx
    000e7  pop r15
    000e9  pop r14
    000eb  pop r13
    000ed  pop r12
    000ef  pop rbx
    000f0  pop rbp
    000f1  ret

